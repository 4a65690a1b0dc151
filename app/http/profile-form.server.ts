import { parseWithZod } from "@conform-to/zod";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { requireUser } from "~/auth/guards.server";
import type { CurrentUser } from "~/models/user.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { redirectWithToast } from "./toast.server";

/** The loader of every profile form: for a signed-in person, whose name and email start it. */
export async function profileFormLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName, emailAddress: user.emailAddress };
}

/**
 * The action of every profile form: validate with the form's schema, save for the signed-in user,
 * then go home with the spec's toast; on failure, field errors and a form message, status 400.
 */
export async function handleProfileForm(
  request: Request,
  schema: ZodTypeAny,
  save: (actor: CurrentUser, userId: string, input: unknown) => Promise<unknown>,
) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ formErrors: ["Please fix the errors below and try again."] }) },
      { status: 400 },
    );
  }
  try {
    await save(user, user.userId, submission.value);
  } catch (error) {
    return replyWithError(submission, error, "Failed to create profile. Please try again.");
  }
  // The spec's 'Redirecting to home...' is over by the time the toast shows, on the home page.
  return redirectWithToast("/", { type: "success", message: "Profile created successfully!" });
}
