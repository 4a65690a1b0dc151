import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { chooseRole } from "~/models/profile.server";
import { ROLE_OPTIONS } from "~/schemas/profile-options";
import { asDomainError } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";

export const meta: MetaFunction = () => [{ title: "Choose your role · Gainers Hub" }];

/** New users pick a role first; people with a finished profile have nothing to do here. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isNewUser) throw redirect("/");
  return { role: user.role };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Someone who already has a profile has chosen: back home, as the loader does.
  if (!user.isNewUser) return redirect("/");
  try {
    const role = await chooseRole(user, Object.fromEntries(await readForm(request)));
    return redirect(`/onboarding/${role}-profile`);
  } catch (error) {
    const known = asDomainError(error);
    if (known) return data({ error: known.message }, { status: known.status });
    throw error;
  }
}

export default function ChooseRole() {
  const { role } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold">Choose your role</h1>
      <p className="mt-2 text-slate-600">Tell us how you would like to take part. You can set up your profile next.</p>
      <Form method="post" className="mt-8" noValidate>
        <fieldset aria-describedby={actionData?.error ? "role-error" : undefined}>
          <legend className="sr-only">Your role</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {ROLE_OPTIONS.map((option) => (
              <label
                key={option.value}
                className="relative flex cursor-pointer flex-col gap-2 rounded-2xl border-2 border-slate-200 bg-white p-5 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input
                  type="radio"
                  name="role"
                  value={option.value}
                  defaultChecked={role === option.value}
                  className="absolute right-4 top-4 size-5"
                />
                <span className="text-lg font-semibold">{option.label}</span>
                <span className="text-sm text-slate-600">{option.description}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {actionData?.error ? (
          <p id="role-error" role="alert" className="mt-4 text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary mt-8" disabled={navigation.state === "submitting"}>
          Continue to Profile Setup
        </button>
      </Form>
    </div>
  );
}
