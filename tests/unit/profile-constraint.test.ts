import { describe, expect, it } from "vitest";
import { constraintOf } from "~/components/profile-form";
import { gainerProfileSchema, mentorProfileSchema, nonprofitProfileSchema } from "~/schemas/profile";

/** '(optional)' follows `required`: a field is required exactly when the schema refuses it empty. */
describe("constraintOf", () => {
  it("calls optional lists optional and lists that need a choice required", () => {
    const gainer = constraintOf(gainerProfileSchema);
    expect(gainer.areasOfInterest?.required).toBe(true);
    expect(gainer.programmingLanguages?.required).toBe(false);
    expect(gainer.technologies?.required).toBe(false);
    expect(gainer.tools?.required).toBe(false);
    expect(constraintOf(mentorProfileSchema).expertise?.required).toBe(true);
    expect(constraintOf(nonprofitProfileSchema).areasOfNeed?.required).toBe(true);
  });

  it("keeps text fields as they were", () => {
    const gainer = constraintOf(gainerProfileSchema);
    expect(gainer.fullName).toMatchObject({ required: true, maxLength: 100 });
    expect(gainer.yearsOfExperience).toMatchObject({ required: true, min: 0, max: 50 });
    expect(gainer.educationStatus?.required).toBe(true);
    expect(gainer.gitHubURL?.required).toBe(false);
    expect(constraintOf(nonprofitProfileSchema).contactEmail?.required).toBe(true);
  });
});
