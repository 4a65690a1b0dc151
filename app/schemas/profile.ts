import { text } from "./text";
import { z } from "zod";
import {
  AVAILABILITY_OPTIONS,
  EDUCATION_OPTIONS,
  INTEREST_OPTIONS,
  LANGUAGE_OPTIONS,
  NEED_OPTIONS,
  TECHNOLOGY_OPTIONS,
  TOOL_OPTIONS,
} from "./profile-options";

/**
 * One schema per profile form (spec section 5), used by the form in the browser, by its action
 * and by PUT /api/users/{role}/{id}/profile. Empty optional fields count as absent.
 */

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const requiredText = (label: string, max: number) =>
  text((s) => s.trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`), {
    required_error: `${label} is required`,
    invalid_type_error: `${label} is required`,
  });

const optionalUrl = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    text((s) => s.trim().max(200, `${label} must be at most 200 characters`))
      .refine((value) => {
        try {
          const url = new URL(value);
          return url.protocol === "http:" || url.protocol === "https:";
        } catch {
          return false;
        }
      }, "Please enter a valid URL (starting with https://)")
      .optional(),
  );

/** A list picked from options; a single value (one checkbox) counts as a list of one. */
const pickedFrom = <Options extends readonly [string, ...string[]]>(options: Options) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(options, { errorMap: () => ({ message: "Please choose from the list" }) })),
  );

/**
 * "Show my email": a checkbox in the forms ("on" when ticked, absent when not), a boolean in the
 * API; absent means no, so the email stays private unless the person asks otherwise.
 */
const showEmail = z.preprocess(
  (value) =>
    value === undefined || value === null || value === "" || value === "false"
      ? false
      : value === "on" || value === "true"
        ? true
        : value,
  z.boolean({ invalid_type_error: "Show my email must be true or false" }),
);

/** A whole number of years; the form sends text, the API a number. */
const requiredYears = (max: number) =>
  z.preprocess(
    (value) => (emptyToUndefined(value) === undefined ? undefined : Number(value)),
    z
      .number({
        required_error: "Years of experience is required",
        invalid_type_error: "Years of experience must be a whole number",
      })
      .int("Years of experience must be a whole number")
      .min(0, `Years of experience must be between 0 and ${max}`)
      .max(max, `Years of experience must be between 0 and ${max}`),
  );

export const gainerProfileSchema = z.object({
  fullName: requiredText("Full name", 100),
  biography: requiredText("Biography", 1000),
  currentRole: requiredText("Current role", 100),
  yearsOfExperience: requiredYears(50),
  educationStatus: z.enum(EDUCATION_OPTIONS, {
    errorMap: () => ({ message: "Please choose your education status" }),
  }),
  areasOfInterest: pickedFrom(INTEREST_OPTIONS)
    .refine((list) => list.length >= 1, "Please choose at least one area of interest")
    .refine((list) => list.join(", ").length <= 1000, "Areas of interest must be at most 1000 characters together"),
  profilePictureURL: optionalUrl("Profile picture URL"),
  linkedInURL: optionalUrl("LinkedIn URL"),
  gitHubURL: optionalUrl("GitHub URL"),
  programmingLanguages: pickedFrom(LANGUAGE_OPTIONS),
  technologies: pickedFrom(TECHNOLOGY_OPTIONS),
  tools: pickedFrom(TOOL_OPTIONS),
  showEmail,
});
export type GainerProfileInput = z.infer<typeof gainerProfileSchema>;

export const mentorProfileSchema = z.object({
  fullName: requiredText("Full name", 100),
  biography: requiredText("Biography", 1000),
  currentRole: requiredText("Current title", 100),
  yearsOfExperience: requiredYears(60),
  availability: z.enum(AVAILABILITY_OPTIONS, { errorMap: () => ({ message: "Please choose your availability" }) }),
  expertise: pickedFrom(INTEREST_OPTIONS).refine(
    (list) => list.length >= 1,
    "Please choose at least one area of expertise",
  ),
  programmingLanguages: pickedFrom(LANGUAGE_OPTIONS),
  technologies: pickedFrom(TECHNOLOGY_OPTIONS),
  profilePictureURL: optionalUrl("Profile picture URL"),
  linkedInURL: optionalUrl("LinkedIn URL"),
  gitHubURL: optionalUrl("GitHub URL"),
  websiteURL: optionalUrl("Website URL"),
  showEmail,
});
export type MentorProfileInput = z.infer<typeof mentorProfileSchema>;

export const nonprofitProfileSchema = z.object({
  organizationName: requiredText("Organization name", 200),
  mission: requiredText("Mission", 2000),
  websiteURL: optionalUrl("Website URL"),
  contactName: requiredText("Contact person", 100),
  contactEmail: text(
    (s) =>
      s
        .trim()
        .min(1, "Contact email is required")
        .max(200, "Contact email must be at most 200 characters")
        .email("Please enter a valid email address"),
    { required_error: "Contact email is required" },
  ),
  areasOfNeed: pickedFrom(NEED_OPTIONS).refine((list) => list.length >= 1, "Please choose at least one area of need"),
  profilePictureURL: optionalUrl("Profile picture URL"),
  showEmail,
});
export type NonprofitProfileInput = z.infer<typeof nonprofitProfileSchema>;

export const chooseRoleSchema = z.object({
  role: z.enum(["gainer", "mentor", "nonprofit"], {
    errorMap: () => ({ message: "Please select a role to continue." }),
  }),
});
