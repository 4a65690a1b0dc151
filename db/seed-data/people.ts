import type { UserRole } from "../schema";

/** Demo people. Keys make their ids stable across seeds. */
export interface DemoPerson {
  key: string;
  email: string;
  fullName: string;
  role: UserRole;
  headline: string;
  biography: string;
  yearsOfExperience: number;
  languages: string[];
  technologies: string[];
  interests: string[];
}

export const demoPeople: DemoPerson[] = [
  {
    key: "amara",
    email: "amara.okafor@example.org",
    fullName: "Amara Okafor",
    role: "gainer",
    headline: "Junior Frontend Developer",
    biography:
      "Career changer from retail management, now building accessible web apps.\n\nI like turning messy spreadsheets into tools people actually enjoy using.",
    yearsOfExperience: 1,
    languages: ["JavaScript", "TypeScript"],
    technologies: ["React", "Node.js", "PostgreSQL"],
    interests: ["Web Development", "UI/UX Design", "Frontend Development"],
  },
  {
    key: "diego",
    email: "diego.ramirez@example.org",
    fullName: "Diego Ramírez",
    role: "gainer",
    headline: "Computer Science Student",
    biography: "Third-year CS student who loves data and maps. Looking for real projects to learn Python at scale.",
    yearsOfExperience: 0,
    languages: ["Python", "SQL"],
    technologies: ["Django", "PostgreSQL", "Docker"],
    interests: ["Data Science", "Backend Development", "Data Analysis"],
  },
  {
    key: "mei",
    email: "mei.chen@example.org",
    fullName: "Mei Chen",
    role: "gainer",
    headline: "Bootcamp Graduate",
    biography: "Recently finished a full-stack bootcamp. Interested in mobile apps that help communities.",
    yearsOfExperience: 1,
    languages: ["JavaScript", "Dart"],
    technologies: ["Flutter", "Firebase", "Express"],
    interests: ["Mobile Development", "Full Stack Development"],
  },
  {
    key: "samir",
    email: "samir.haddad@example.org",
    fullName: "Samir Haddad",
    role: "gainer",
    headline: "Aspiring DevOps Engineer",
    biography: "Sysadmin moving into cloud and automation. I enjoy making deployments boring.",
    yearsOfExperience: 3,
    languages: ["Go", "Python"],
    technologies: ["Docker", "Kubernetes", "AWS"],
    interests: ["DevOps", "Cloud Computing"],
  },
  {
    key: "lena",
    email: "lena.novak@example.org",
    fullName: "Lena Novak",
    role: "gainer",
    headline: "Self-taught Developer",
    biography: "Former teacher learning to code in the evenings. Accessibility and education tools are my thing.",
    yearsOfExperience: 0,
    languages: ["JavaScript"],
    technologies: ["Vue.js", "Node.js"],
    interests: ["Web Development", "Software Testing"],
  },
  {
    key: "grace",
    email: "grace.mensah@example.org",
    fullName: "Grace Mensah",
    role: "mentor",
    headline: "Staff Engineer",
    biography:
      "Fifteen years building web platforms. I mentor new developers on code review, testing and shipping small.",
    yearsOfExperience: 15,
    languages: ["TypeScript", "Go"],
    technologies: ["React", "Node.js", "PostgreSQL", "Kubernetes"],
    interests: ["Backend Development", "Project Management"],
  },
  {
    key: "tomas",
    email: "tomas.lindqvist@example.org",
    fullName: "Tomas Lindqvist",
    role: "mentor",
    headline: "Data Engineering Lead",
    biography: "I help teams get from raw CSV files to dashboards people trust.",
    yearsOfExperience: 11,
    languages: ["Python", "SQL", "Scala"],
    technologies: ["FastAPI", "PostgreSQL", "AWS"],
    interests: ["Data Science", "Machine Learning"],
  },
  {
    key: "priya",
    email: "priya.raman@example.org",
    fullName: "Priya Raman",
    role: "mentor",
    headline: "Mobile Tech Lead",
    biography: "Ten years of Android and iOS. Happy to pair on offline-first apps for low-bandwidth users.",
    yearsOfExperience: 10,
    languages: ["Kotlin", "Swift", "Dart"],
    technologies: ["Flutter", "Firebase"],
    interests: ["Mobile Development", "UI/UX Design"],
  },
  {
    key: "harbor",
    email: "team@harborfoodbank.example.org",
    fullName: "Harbor Food Bank",
    role: "nonprofit",
    headline: "Community food bank",
    biography: "We feed 3,000 families a month with the help of 400 volunteers.",
    yearsOfExperience: 0,
    languages: [],
    technologies: [],
    interests: ["Food security", "Volunteer coordination"],
  },
  {
    key: "pawsafe",
    email: "hello@pawsafe.example.org",
    fullName: "PawSafe Animal Rescue",
    role: "nonprofit",
    headline: "Animal shelter and adoption",
    biography: "A county shelter caring for dogs and cats until they find a home.",
    yearsOfExperience: 0,
    languages: [],
    technologies: [],
    interests: ["Animal welfare", "Volunteer scheduling"],
  },
  {
    key: "openlaw",
    email: "info@openlaw.example.org",
    fullName: "OpenLaw Clinic",
    role: "nonprofit",
    headline: "Free legal aid",
    biography: "Volunteer lawyers helping tenants and immigrants understand their rights.",
    yearsOfExperience: 0,
    languages: [],
    technologies: [],
    interests: ["Legal aid", "Housing"],
  },
  {
    key: "greenroots",
    email: "contact@greenroots.example.org",
    fullName: "GreenRoots Collective",
    role: "nonprofit",
    headline: "Urban climate action",
    biography: "Neighbourhood groups planting trees and measuring air quality.",
    yearsOfExperience: 0,
    languages: [],
    technologies: [],
    interests: ["Climate", "Citizen science"],
  },
];
