import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MultiSelectField, SelectField, TextField } from "~/components/form-fields";
import { PersonBasics, StackFields, YearsField } from "~/components/profile-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { handleProfileForm, type profileFormLoader as loader } from "~/http/profile-form.server";
import { saveMentorProfile } from "~/models/profile.server";
import { mentorProfileSchema } from "~/schemas/profile";
import { AVAILABILITY_OPTIONS, INTEREST_OPTIONS } from "~/schemas/profile-options";

export { profileFormLoader as loader } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Mentor Profile · Gainers Hub" }];

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, mentorProfileSchema, saveMentorProfile);

export default function MentorProfile() {
  const { fullName } = useLoaderData<typeof loader>();
  const [form, fields] = useProfileForm("mentor-profile", mentorProfileSchema, { fullName });
  return (
    <ProfileForm
      form={form}
      schema={mentorProfileSchema}
      title="Create Mentor Profile"
      subtitle="Tell teams what you can help with and how much time you have."
    >
      <PersonBasics fields={fields} biographyHint="Up to 1000 characters.">
        <TextField field={fields.websiteURL} label="Website URL" type="url" />
      </PersonBasics>
      <FormSection title="Experience">
        <TextField field={fields.currentRole} label="Current title" hint="For example: Senior Engineer at a bank." />
        <YearsField field={fields.yearsOfExperience} max={60} />
        <SelectField field={fields.availability} label="Availability" options={AVAILABILITY_OPTIONS} />
      </FormSection>
      <FormSection title="Expertise">
        <MultiSelectField
          field={fields.expertise}
          label="Areas of expertise"
          options={INTEREST_OPTIONS}
          hint="Choose at least one."
        />
        <StackFields fields={fields} />
      </FormSection>
    </ProfileForm>
  );
}
