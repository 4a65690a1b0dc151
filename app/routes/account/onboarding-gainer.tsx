import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { CheckboxField, MultiSelectField, SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { saveGainerProfile } from "~/models/profile.server";
import { gainerProfileSchema } from "~/schemas/profile";
import {
  EDUCATION_OPTIONS,
  INTEREST_OPTIONS,
  LANGUAGE_OPTIONS,
  TECHNOLOGY_OPTIONS,
  TOOL_OPTIONS,
} from "~/schemas/profile-options";
import { handleProfileForm } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Gainer Profile · Gainers Hub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName };
}

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, gainerProfileSchema, saveGainerProfile);

export default function GainerProfile() {
  const { fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useProfileForm("gainer-profile", gainerProfileSchema, { fullName }, actionData?.result);
  return (
    <ProfileForm
      form={form}
      schema={gainerProfileSchema}
      title="Create Gainer Profile"
      subtitle="Set up your profile to start collaborating on the product."
    >
      <FormSection title="Basic Information">
        <TextField field={fields.fullName} label="Full name" autoComplete="name" />
        <TextAreaField
          field={fields.biography}
          label="Biography"
          hint="Up to 1000 characters. Blank lines start new paragraphs."
        />
        <TextField field={fields.profilePictureURL} label="Profile picture URL" type="url" />
        <TextField field={fields.linkedInURL} label="LinkedIn URL" type="url" />
        <TextField field={fields.gitHubURL} label="GitHub URL" type="url" />
        <CheckboxField
          field={fields.showEmail}
          label="Show my email"
          hint="Everyone who can see your profile will see your email. Otherwise only you, and the admins of projects you ask to join, see it."
        />
      </FormSection>
      <FormSection title="Background">
        <TextField
          field={fields.currentRole}
          label="Current role"
          hint="For example: Student, Junior Developer, Career changer."
        />
        <TextField
          field={fields.yearsOfExperience}
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
        />
        <SelectField field={fields.educationStatus} label="Education" options={EDUCATION_OPTIONS} />
      </FormSection>
      <FormSection title="Interests & Expertise">
        <MultiSelectField
          field={fields.areasOfInterest}
          label="Areas of interest"
          options={INTEREST_OPTIONS}
          hint="Choose at least one."
        />
        <MultiSelectField
          field={fields.programmingLanguages}
          label="Programming languages"
          options={LANGUAGE_OPTIONS}
        />
        <MultiSelectField field={fields.technologies} label="Technologies" options={TECHNOLOGY_OPTIONS} />
        <MultiSelectField field={fields.tools} label="Tools" options={TOOL_OPTIONS} />
      </FormSection>
    </ProfileForm>
  );
}
