import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MultiSelectField, TextAreaField, TextField } from "~/components/form-fields";
import { ShowEmailField } from "~/components/profile-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { handleProfileForm, type profileFormLoader as loader } from "~/http/profile-form.server";
import { saveNonprofitProfile } from "~/models/profile.server";
import { nonprofitProfileSchema } from "~/schemas/profile";
import { NEED_OPTIONS } from "~/schemas/profile-options";

export { profileFormLoader as loader } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Nonprofit Profile · Gainers Hub" }];

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, nonprofitProfileSchema, saveNonprofitProfile);

export default function NonprofitProfile() {
  const { fullName, emailAddress } = useLoaderData<typeof loader>();
  const [form, fields] = useProfileForm("nonprofit-profile", nonprofitProfileSchema, {
    contactName: fullName,
    contactEmail: emailAddress,
  });
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
        <ShowEmailField field={fields.showEmail} />
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
