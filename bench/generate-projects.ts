import type { Insertable } from "kysely";
import type { DB } from "#db/connection";
import type { Database, Difficulty } from "#db/schema";

/** Many plausible projects for load tests: words recombined from fixed lists, same every run. */
const SUBJECTS = [
  "Food Bank",
  "Animal Shelter",
  "Tenant Union",
  "Library",
  "Clinic",
  "School",
  "Youth Club",
  "Refugee Center",
  "Community Garden",
  "Repair Cafe",
];
const THINGS = [
  "Volunteer Scheduler",
  "Inventory Tracker",
  "Donation Portal",
  "Case Manager",
  "Event Planner",
  "Dashboard",
  "Chat Assistant",
  "Mobile App",
  "Mapping Tool",
  "Newsletter Builder",
];
const TECHNOLOGIES = [
  "React",
  "Vue.js",
  "Node.js",
  "Django",
  "Flask",
  "PostgreSQL",
  "Firebase",
  "Docker",
  "Kubernetes",
  "GraphQL",
  "Redis",
  "Flutter",
];
const LANGUAGES = ["JavaScript", "TypeScript", "Python", "Go", "Java", "Dart", "Kotlin", "Ruby"];
const DIFFICULTIES: Difficulty[] = ["Beginner", "Intermediate", "Advanced"];
const ROLES = ["Frontend Developer", "Backend Developer", "UI/UX Designer", "Data Analyst", "Mentor"];

export async function insertGeneratedProjects(db: DB, count: number): Promise<void> {
  const batchSize = 500;
  for (let start = 0; start < count; start += batchSize) {
    const projects: Insertable<Database["projects"]>[] = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const subject = SUBJECTS[i % SUBJECTS.length];
      const thing = THINGS[Math.floor(i / SUBJECTS.length) % THINGS.length];
      const template = i % 4 === 0;
      projects.push({
        kind: template ? "template" : "project",
        status: template ? null : "InProgress",
        name: `${subject} ${thing} #${i + 1}`,
        tagline: `A ${thing.toLowerCase()} for a ${subject.toLowerCase()}.`,
        description: `Generated project ${i + 1}: the ${subject.toLowerCase()} needs a ${thing.toLowerCase()} so that volunteers and staff spend less time on paperwork and more time with people.`,
        technologies: [TECHNOLOGIES[i % TECHNOLOGIES.length], TECHNOLOGIES[(i * 7 + 3) % TECHNOLOGIES.length]],
        programming_languages: [LANGUAGES[i % LANGUAGES.length]],
        difficulty: DIFFICULTIES[i % DIFFICULTIES.length],
        duration_days: 14 + (i % 170),
        goals: [`Ship the first ${thing.toLowerCase()} screen`, "Test with three volunteers"],
        created_at: new Date(Date.now() - (i % 365) * 86_400_000 - i * 1000),
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto("projects").values(projects).returning("id").execute();
      await trx
        .insertInto("project_roles")
        .values(
          ids.flatMap(({ id }, index) => [
            { project_id: id, name: ROLES[index % ROLES.length], open_positions: index % 3 },
            { project_id: id, name: ROLES[(index + 2) % ROLES.length], open_positions: 1 },
          ]),
        )
        .execute();
    });
  }
}
