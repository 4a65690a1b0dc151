import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { EMPTY_POST_MESSAGE, EMPTY_REPLY_MESSAGE, newPostSchema, newReplySchema } from "~/schemas/forum";
import { milestoneSchema } from "~/schemas/milestone";
import { nonprofitProfileSchema } from "~/schemas/profile";
import { INVALID_REPOSITORY_MESSAGE, parseRepositoryUrl, repositoryUrlSchema } from "~/schemas/repository";
import { newSubtaskSchema, newTaskSchema, TITLE_REQUIRED, taskUpdateSchema } from "~/schemas/task";
import { cleanText } from "~/schemas/text";

/** Issue 32, item 6: input that looks like something else than it is. */
const POST_ID = "00000000-0000-4000-8000-000000000001";
const errorsOf = (result: { success: boolean; error?: { flatten(): { fieldErrors: object } } }) =>
  result.success ? {} : result.error!.flatten().fieldErrors;

describe("text that shows nothing counts as empty", () => {
  const invisible = ["\u200B", "\u200B\u200C\u200D", "\u2060\uFEFF", " \u200B \u00AD ", "\u2800", "\u202E", "\u3164"];

  it.each(invisible)("a post, reply or task title of %j is refused as empty (API and form)", (value) => {
    expect(errorsOf(newPostSchema.safeParse({ projectId: POST_ID, content: value }))).toEqual({
      content: [EMPTY_POST_MESSAGE],
    });
    expect(errorsOf(newReplySchema.safeParse({ postId: POST_ID, content: value }))).toEqual({
      content: [EMPTY_REPLY_MESSAGE],
    });
    expect(errorsOf(newTaskSchema.safeParse({ title: value }))).toMatchObject({ title: [TITLE_REQUIRED] });
    expect(newSubtaskSchema.safeParse({ title: value }).success).toBe(false);
    const form = new FormData();
    form.set("projectId", POST_ID);
    form.set("content", value);
    expect(parseWithZod(form, { schema: newPostSchema }).reply().error).toEqual({ content: [EMPTY_POST_MESSAGE] });
  });

  it("zero-width characters inside visible text stay (they join emoji and shape scripts)", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    expect(newPostSchema.parse({ projectId: POST_ID, content: family }).content).toBe(family);
    expect(newPostSchema.parse({ projectId: POST_ID, content: "می\u200Cخواهم" }).content).toBe("می\u200Cخواهم");
  });
});

describe("direction controls are dropped", () => {
  it("U+202A-U+202E and U+2066-U+2069 leave every text field, whatever else it holds", () => {
    const spoof = "invoice\u202Etxt.exe\u202C and \u2066isolated\u2069 \u202Aa\u202Bb\u202Dc";
    expect(cleanText(spoof)).toBe("invoicetxt.exe and isolated abc");
    expect(newPostSchema.parse({ projectId: POST_ID, content: spoof }).content).toBe("invoicetxt.exe and isolated abc");
    expect(newTaskSchema.parse({ title: "Fix \u202Elogin" }).title).toBe("Fix login");
    expect(taskUpdateSchema.parse({ description: "a\u2067b" }).description).toBe("ab");
    const nonprofit = nonprofitProfileSchema.safeParse({ organizationName: "\u202EFood Bank" });
    expect(errorsOf(nonprofit)).not.toHaveProperty("organizationName");
  });

  it("marks that only set a direction (LRM, RLM) and Arabic text are kept", () => {
    expect(cleanText("\u05E9\u05DC\u05D5\u05DD\u200F abc")).toBe("\u05E9\u05DC\u05D5\u05DD\u200F abc");
  });
});

describe("impossible dates are refused, not rolled over", () => {
  it.each([
    "2099-02-30",
    "2099-02-29",
    "2099-04-31",
    "2099-13-01",
    "2099-00-10",
    "2099-01-00",
    "2099-02-30T10:00:00Z",
    "2099-01-01T24:00:00Z",
    "2099-01-01T10:60:00Z",
    "0000-01-01",
  ])("%s", (value) => {
    expect(errorsOf(newTaskSchema.safeParse({ title: "T", dueDate: value }))).toEqual({
      dueDate: ["Enter a real date."],
    });
    expect(errorsOf(taskUpdateSchema.safeParse({ dueDate: value }))).toEqual({ dueDate: ["Enter a real date."] });
    expect(errorsOf(milestoneSchema.safeParse({ title: "M", targetDateUtc: value }))).toMatchObject({
      targetDateUtc: expect.arrayContaining(["Enter a real date."]),
    });
  });

  it("real ones still pass: a leap day, the end of a month, a timestamp with an offset", () => {
    for (const value of ["2096-02-29", "2099-12-31", "2099-06-30T23:59:59.5+02:00", "2099-01-01T00:00Z"]) {
      expect(newTaskSchema.safeParse({ title: "T", dueDate: value }).success, value).toBe(true);
      expect(milestoneSchema.safeParse({ title: "M", targetDateUtc: value }).success, value).toBe(true);
    }
  });
});

describe("repository addresses whose name is only dots are refused", () => {
  it.each([".", "..", "...", ".git", "..git", "../", "..%2F"])("https://github.com/owner/%s", (name) => {
    const url = `https://github.com/owner/${name}`;
    expect(errorsOf(repositoryUrlSchema.safeParse({ url }))).toEqual({ url: [INVALID_REPOSITORY_MESSAGE] });
    expect(parseRepositoryUrl(url)).toBeNull();
  });

  it("names with dots in them are fine, and so is an owner's .github", () => {
    expect(parseRepositoryUrl("https://github.com/owner/.github")).toMatchObject({ name: ".github" });
    expect(parseRepositoryUrl("https://github.com/owner/a.b.git")).toMatchObject({ name: "a.b" });
    expect(parseRepositoryUrl("https://github.com/./repo")).toBeNull();
    expect(parseRepositoryUrl("https://github.com/../repo")).toBeNull();
  });
});
