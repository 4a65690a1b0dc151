import { describe, expect, it } from "vitest";
import demoProjects from "#db/seed-data/projects.json";
import { coverDrawing } from "~/components/project-cover";
import { causeOf } from "~/utils/project-cause";
import { seedOf } from "~/utils/project-cover";

/** A demo project's words, as its card and page draw its cover from them. */
function demo(name: string) {
  const project = demoProjects.find((record) => record.name === name);
  if (!project) throw new Error(`No demo project named ${name}`);
  return { name: project.name, tagline: project.tagline, description: project.description, goals: project.goals };
}

describe("project covers", () => {
  it("name the cause a project is about, not one its description mentions in passing", () => {
    // Issue 33: these read "Animals", "Food" and "Animals" when the first match in the text won.
    expect(causeOf(demo("Restaurant Surplus Food Rescue"))).toBe("food"); // "shelters" for people
    expect(causeOf(demo("Campus Events Mobile App"))).toBe("learning"); // "free food" on campus
    expect(causeOf(demo("Diaper Bank Distribution Tracker"))).toBe("community"); // "clinics, shelters"
  });

  it("reads the demo projects as a person would", () => {
    expect(causeOf(demo("Dog Walking Volunteer Sign-Up"))).toBe("animals");
    expect(causeOf(demo("Vaccination Records for a Spay/Neuter Clinic"))).toBe("animals");
    expect(causeOf(demo("Meals on Wheels Route Planner"))).toBe("food");
    expect(causeOf(demo("Free Clinic Appointment Booking"))).toBe("health");
    expect(causeOf(demo("Tree Planting Tracker"))).toBe("climate");
    expect(causeOf(demo("Beach Cleanup Debris Logger"))).toBe("climate");
    expect(causeOf(demo("Scholarship Finder for First-Gen Students"))).toBe("learning");
    expect(causeOf(demo("Emergency Shelter Bed Availability"))).toBe("community");
  });

  it("gives a project that fits no cause a neutral cover, software's own words included", () => {
    expect(causeOf(demo("Weather Forecast App"))).toBe("other");
    expect(causeOf(demo("URL Shortener in Go"))).toBe("other");
    expect(causeOf(demo("Service Health Checks and Alerting"))).toBe("other"); // not Health
    expect(causeOf(demo("React Component Library with Storybook"))).toBe("other"); // not Learning
  });

  it("weighs the name most and matches whole words only", () => {
    // One word in the description is a passing mention; in the name it is the subject.
    expect(causeOf({ name: "Shift Planner", description: "Used by a food bank." })).toBe("other");
    expect(causeOf({ name: "Food Bank Shift Planner", description: "Volunteers pick shifts." })).toBe("food");
    expect(causeOf({ name: "Catalogue Importer", tagline: "Concatenate category files" })).toBe("other");
    expect(causeOf({ name: "Pet Portal", description: "Clinic visits and patient notes." })).toBe("animals");
    // As much about two causes: none is named.
    expect(causeOf({ name: "Garden Clinic" })).toBe("other");
  });

  it("gives each id its own stable seed", () => {
    // FNV-1a: the same id always gives the same cover, across processes and releases.
    expect(seedOf("a")).toBe(0xe40c292c);
    expect(seedOf("a")).not.toBe(seedOf("b"));
  });

  it("draws a cover as markup in which a project's own words cannot open a tag", () => {
    const project = {
      projectId: 'x"><script>',
      projectName: "<img & co",
      coverCause: "food" as const,
      technologies: ['C++ </text><script>alert("t")</script>'],
    };
    const drawing = coverDrawing(project, true);
    expect(drawing).not.toMatch(/<script|<img|<\/text><script/);
    expect(drawing).toContain('id="cover-x&quot;&gt;&lt;script&gt;"');
    expect(drawing).toContain(">&lt;&amp;</text>"); // the initials of "<img" and "&"
    expect(drawing).toContain("Food · C++ &lt;/text&gt;&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</text>");
    // The phone's square cover shows the initials alone; a wide cover has no such text.
    expect(drawing.match(/<text /g)).toHaveLength(3);
    expect(coverDrawing(project, false).match(/<text /g)).toHaveLength(2);
  });

  it("draws each of its four patterns by the id's seed", () => {
    const kinds = new Set(
      Array.from(
        { length: 40 },
        (_, i) =>
          coverDrawing({ projectId: `p${i}`, projectName: "A B", coverCause: "other" }, false).match(
            /<(circle|line|polygon|path) /,
          )?.[1],
      ),
    );
    expect([...kinds].sort()).toEqual(["circle", "line", "path", "polygon"]);
  });
});
