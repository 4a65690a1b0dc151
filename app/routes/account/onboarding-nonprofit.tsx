import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { CheckboxField, MultiSelectField, TextAreaField, TextField } from "~/components/form-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { saveNonprofitProfile } from "~/models/profile.server";
import { nonprofitProfileSchema } from "~/schemas/profile";
import { NEED_OPTIONS } from "~/schemas/profile-options";
import { handleProfileForm } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Nonprofit Profile · Gainers Hub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { contactName: user.fullName, contactEmail: user.emailAddress };
}

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, nonprofitProfileSchema, saveNonprofitProfile);

export default function NonprofitProfile() {
  const { contactName, contactEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useProfileForm(
    "nonprofit-profile",
    nonprofitProfileSchema,
    { contactName, contactEmail },
    actionData?.result,
  );
  return (
    <ProfileForm
      form={form}
      schema={nonprofitProfileSchema}
      title="Create Nonprofit Profile"
      subtitle="Tell volunteers about your organisation and what you need built."
    >
      <FormSection title="Organization">
        <TextField field={fields.organizationName} label="Organization name" autoComplete="organization" />
        <TextAreaField field={fields.mission} label="Mission" hint="Up to 2000 characters." />
        <TextField field={fields.websiteURL} label="Website URL" type="url" />
        <TextField field={fields.profilePictureURL} label="Logo URL" type="url" />
      </FormSection>
      <FormSection title="Contact">
        <TextField field={fields.contactName} label="Contact person" autoComplete="name" />
        <TextField field={fields.contactEmail} label="Contact email" type="email" autoComplete="email" />
        <CheckboxField
          field={fields.showEmail}
          label="Show my email"
          hint="Everyone who can see your profile will see your email. Otherwise only you, and the admins of projects you ask to join, see it."
        />
      </FormSection>
      <FormSection title="What you need">
        <MultiSelectField
          field={fields.areasOfNeed}
          label="Areas of need"
          options={NEED_OPTIONS}
          hint="Choose at least one."
        />
      </FormSection>
    </ProfileForm>
  );
}
