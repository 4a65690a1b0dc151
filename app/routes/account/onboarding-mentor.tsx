import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { CheckboxField, MultiSelectField, SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { saveMentorProfile } from "~/models/profile.server";
import { mentorProfileSchema } from "~/schemas/profile";
import {
  AVAILABILITY_OPTIONS,
  INTEREST_OPTIONS,
  LANGUAGE_OPTIONS,
  TECHNOLOGY_OPTIONS,
} from "~/schemas/profile-options";
import { handleProfileForm } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Mentor Profile · Gainers Hub" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName };
}

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, mentorProfileSchema, saveMentorProfile);

export default function MentorProfile() {
  const { fullName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useProfileForm("mentor-profile", mentorProfileSchema, { fullName }, actionData?.result);
  return (
    <ProfileForm
      form={form}
      schema={mentorProfileSchema}
      title="Create Mentor Profile"
      subtitle="Tell teams what you can help with and how much time you have."
    >
      <FormSection title="Basic Information">
        <TextField field={fields.fullName} label="Full name" autoComplete="name" />
        <TextAreaField field={fields.biography} label="Biography" hint="Up to 1000 characters." />
        <TextField field={fields.profilePictureURL} label="Profile picture URL" type="url" />
        <TextField field={fields.linkedInURL} label="LinkedIn URL" type="url" />
        <TextField field={fields.gitHubURL} label="GitHub URL" type="url" />
        <TextField field={fields.websiteURL} label="Website URL" type="url" />
        <CheckboxField
          field={fields.showEmail}
          label="Show my email"
          hint="Everyone who can see your profile will see your email. Otherwise only you, and the admins of projects you ask to join, see it."
        />
      </FormSection>
      <FormSection title="Experience">
        <TextField field={fields.currentRole} label="Current title" hint="For example: Senior Engineer at a bank." />
        <TextField
          field={fields.yearsOfExperience}
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={60}
        />
        <SelectField field={fields.availability} label="Availability" options={AVAILABILITY_OPTIONS} />
      </FormSection>
      <FormSection title="Expertise">
        <MultiSelectField
          field={fields.expertise}
          label="Areas of expertise"
          options={INTEREST_OPTIONS}
          hint="Choose at least one."
        />
        <MultiSelectField
          field={fields.programmingLanguages}
          label="Programming languages"
          options={LANGUAGE_OPTIONS}
        />
        <MultiSelectField field={fields.technologies} label="Technologies" options={TECHNOLOGY_OPTIONS} />
      </FormSection>
    </ProfileForm>
  );
}
