import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MultiSelectField, SelectField, TextField } from "~/components/form-fields";
import { PersonBasics, StackFields, YearsField } from "~/components/profile-fields";
import { FormSection, ProfileForm, useProfileForm } from "~/components/profile-form";
import { handleProfileForm, type profileFormLoader as loader } from "~/http/profile-form.server";
import { saveGainerProfile } from "~/models/profile.server";
import { gainerProfileSchema } from "~/schemas/profile";
import { EDUCATION_OPTIONS, INTEREST_OPTIONS, TOOL_OPTIONS } from "~/schemas/profile-options";

export { profileFormLoader as loader } from "~/http/profile-form.server";

export const meta: MetaFunction = () => [{ title: "Create Gainer Profile · Gainers Hub" }];

export const action = ({ request }: ActionFunctionArgs) =>
  handleProfileForm(request, gainerProfileSchema, saveGainerProfile);

export default function GainerProfile() {
  const { fullName } = useLoaderData<typeof loader>();
  const [form, fields] = useProfileForm("gainer-profile", gainerProfileSchema, { fullName });
  return (
    <ProfileForm
      form={form}
      schema={gainerProfileSchema}
      title="Create Gainer Profile"
      subtitle="Set up your profile to start collaborating on the product."
    >
      <PersonBasics fields={fields} biographyHint="Up to 1000 characters. Blank lines start new paragraphs." />
      <FormSection title="Background">
        <TextField
          field={fields.currentRole}
          label="Current role"
          hint="For example: Student, Junior Developer, Career changer."
        />
        <YearsField field={fields.yearsOfExperience} max={50} />
        <SelectField field={fields.educationStatus} label="Education" options={EDUCATION_OPTIONS} />
      </FormSection>
      <FormSection title="Interests & Expertise">
        <MultiSelectField
          field={fields.areasOfInterest}
          label="Areas of interest"
          options={INTEREST_OPTIONS}
          hint="Choose at least one."
        />
        <StackFields fields={fields} />
        <MultiSelectField field={fields.tools} label="Tools" options={TOOL_OPTIONS} />
      </FormSection>
    </ProfileForm>
  );
}
