import type { ReactNode } from "react";
import { type AnyField, CheckboxField, MultiSelectField, TextAreaField, TextField } from "~/components/form-fields";
import { FormSection } from "~/components/profile-form";
import { LANGUAGE_OPTIONS, TECHNOLOGY_OPTIONS } from "~/schemas/profile-options";

/** The fields a gainer's and a mentor's profile have alike (schemas/profile.ts). */
type PersonFields = Record<
  "fullName" | "biography" | "profilePictureURL" | "linkedInURL" | "gitHubURL" | "showEmail",
  AnyField
>;

/** 'Show my email', the same in every profile form. */
export function ShowEmailField({ field }: { field: AnyField }) {
  return (
    <CheckboxField
      field={field}
      label="Show my email"
      hint="Everyone who can see your profile will see your email. Otherwise only you, and the admins of projects you ask to join, see it."
    />
  );
}

/** A person's Basic Information; `children` are more links (a mentor's website). */
export function PersonBasics({
  fields,
  biographyHint,
  children,
}: {
  fields: PersonFields;
  biographyHint: string;
  children?: ReactNode;
}) {
  return (
    <FormSection title="Basic Information">
      <TextField field={fields.fullName} label="Full name" autoComplete="name" />
      <TextAreaField field={fields.biography} label="Biography" hint={biographyHint} />
      <TextField field={fields.profilePictureURL} label="Profile picture URL" type="url" />
      <TextField field={fields.linkedInURL} label="LinkedIn URL" type="url" />
      <TextField field={fields.gitHubURL} label="GitHub URL" type="url" />
      {children}
      <ShowEmailField field={fields.showEmail} />
    </FormSection>
  );
}

/** Years of experience, a whole number up to the schema's `max`. */
export function YearsField({ field, max }: { field: AnyField; max: number }) {
  return <TextField field={field} label="Years of experience" type="number" inputMode="numeric" min={0} max={max} />;
}

/** Programming languages and technologies, from the same lists for gainers and mentors. */
export function StackFields({ fields }: { fields: Record<"programmingLanguages" | "technologies", AnyField> }) {
  return (
    <>
      <MultiSelectField field={fields.programmingLanguages} label="Programming languages" options={LANGUAGE_OPTIONS} />
      <MultiSelectField field={fields.technologies} label="Technologies" options={TECHNOLOGY_OPTIONS} />
    </>
  );
}
