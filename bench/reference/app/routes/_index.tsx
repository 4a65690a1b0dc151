import { useLoaderData } from "@remix-run/react";

const projects = Array.from({ length: 16 }, (_, index) => ({
  id: `project-${index + 1}`,
  name: `Community project ${index + 1}`,
  tagline: "A volunteer-built tool that helps a local nonprofit do more with less.",
  technologies: ["React", "Node.js", "PostgreSQL"],
  openPositions: (index % 4) + 1,
}));

export const meta = () => [{ title: "Reference · projects" }];

export const loader = () => ({ projects });

export default function Index() {
  const { projects } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Projects</h1>
      <ul>
        {projects.map((project) => (
          <li key={project.id}>
            <article>
              <h2>
                <a href={`/project/${project.id}`}>{project.name}</a>
              </h2>
              <p>{project.tagline}</p>
              <p>{project.technologies.join(", ")}</p>
              <p>{project.openPositions} open positions</p>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
