import { index, prefix, route, type RouteConfig } from "@remix-run/route-config";

/**
 * Every address the app answers, grouped by area (DESIGN: Routes). Screens render HTML; the `api`
 * group holds JSON resource routes. Files live in a folder per area under app/routes/.
 */
export default [
  // Public: what visitors browse without signing in.
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("Learn", "routes/public/learn.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("terms", "routes/public/terms.tsx"),
  route("home-page", "routes/public/home-page.tsx"),
  route("search-projects", "routes/public/search-projects.tsx"),
  route("search-result", "routes/public/search-result.tsx"),
  route("project/:id", "routes/public/project.tsx"),

  // Account: sign-in, onboarding and profiles.
  route("login", "routes/account/login.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("auth-callback", "routes/account/auth-callback.tsx"),
  route("signin", "routes/account/signin.tsx"),
  route("choose-role", "routes/account/choose-role.tsx"),
  ...prefix("onboarding", [
    route("gainer-profile", "routes/account/onboarding-gainer.tsx"),
    route("mentor-profile", "routes/account/onboarding-mentor.tsx"),
    route("nonprofit-profile", "routes/account/onboarding-nonprofit.tsx"),
  ]),
  route("profile/:role/:id", "routes/account/profile.tsx"),
  route("profile/:id", "routes/account/profile-by-id.tsx"),
  route("notifications", "routes/account/notifications.tsx"),
  // The bell's panel reads this with JavaScript; without it the bell links to /notifications.
  route("notifications/feed", "routes/account/notifications-feed.ts"),

  // Work area: the signed-in member's projects.
  ...prefix("work", [
    index("routes/work/my-projects.tsx"),
    route("tmp", "routes/work/task-dashboard-missing.tsx"),
    route("tmp/:projectId", "routes/work/task-dashboard.tsx"),
    // The work page: the layout checks membership once for the tabs, task details and forum posts.
    route("projects/:projectId", "routes/work/project-layout.tsx", [
      index("routes/work/project-page.tsx"),
      route("tasks/:taskId", "routes/work/task-details.tsx"),
      route("forum/:postId", "routes/work/forum-post.tsx"),
      route("sync", "routes/work/project-sync.tsx"),
      route("notifications", "routes/work/project-mute.tsx"),
    ]),
  ]),
  // Smart Summary: the signed-in person's insights, overall or for one of their projects.
  route("ai-insight", "routes/work/ai-insight.tsx", { id: "ai-insight" }),
  route("ai-insight/:projectId", "routes/work/ai-insight.tsx", { id: "ai-insight-project" }),
  // Notification targets (DESIGN: where this product differs).
  ...prefix("projects/:id", [
    index("routes/work/target-project.tsx"),
    route("join-requests", "routes/work/target-join-requests.tsx"),
    route("tasks", "routes/work/target-tasks.tsx"),
    route("forum", "routes/work/target-forum.tsx"),
  ]),

  // JSON API (spec section 7).
  ...prefix("api", [
    // The API's OpenAPI document, and the same read as a page (app/api-contract).
    route("openapi.json", "routes/api/openapi-json.ts"),
    route("docs", "routes/api/docs.tsx"),
    ...prefix("users", [
      route("me", "routes/api/users/me.ts"),
      route("me/ensure", "routes/api/users/me-ensure.ts"),
      route("me/summary", "routes/api/users/me-summary.ts"),
      route(":userId/dashboard", "routes/api/users/dashboard.ts"),
      route(":role/:id/profile", "routes/api/users/profile.ts"),
      route("public/:role/:id/profile", "routes/api/users/public-profile.ts"),
    ]),
    route("match/profile", "routes/api/match/profile.ts"),
    ...prefix("projects", [
      route("active", "routes/api/projects/active.ts"),
      route("templates", "routes/api/projects/templates.ts"),
      route("search/vector", "routes/api/projects/search-vector.ts"),
      route("start-from-template", "routes/api/projects/start-from-template.ts"),
      route("template/:id", "routes/api/projects/template-detail.ts"),
      route("user/me", "routes/api/projects/my-projects.ts"),
      route("user/:id", "routes/api/projects/user-projects.ts"),
      route(":id", "routes/api/projects/detail.ts"),
      route(":id/start", "routes/api/projects/start.ts"),
      route(":id/repository", "routes/api/projects/repository.ts"),
      route(":id/createrequest", "routes/api/projects/create-request.ts"),
      route(":id/myrequests", "routes/api/projects/my-requests.ts"),
      route(":id/join-requests", "routes/api/projects/join-requests.ts"),
      route(":projectId/join-requests/:requestId", "routes/api/projects/join-request.ts"),
      route(":projectId/join-requests/:requestId/decision", "routes/api/projects/join-request-decision.ts"),
      route(":projectId/tasks", "routes/api/tasks/project-tasks.ts"),
      route(":projectId/tasks/my-tasks", "routes/api/tasks/my-tasks.ts"),
      route(":projectId/tasks/board", "routes/api/tasks/board.ts"),
    ]),
    ...prefix("tasks/:taskId", [
      route("", "routes/api/tasks/task.ts"),
      route("subtasks", "routes/api/tasks/subtasks.ts"),
      route("subtasks/:subtaskId", "routes/api/tasks/subtask.ts"),
      route("subtasks/:subtaskId/toggle", "routes/api/tasks/subtask-toggle.ts"),
      route("comments", "routes/api/tasks/comments.ts"),
      route("comments/:commentId", "routes/api/tasks/comment.ts"),
      route("events", "routes/api/tasks/events.ts"),
      route("reviews", "routes/api/tasks/reviews.ts"),
      route("reviews/claim", "routes/api/tasks/review-claim.ts"),
      route("reviews/release", "routes/api/tasks/review-release.ts"),
      route("reviews/decision", "routes/api/tasks/review-decision.ts"),
    ]),
    route("milestones", "routes/api/milestones/milestones.ts"),
    ...prefix("milestones/:milestoneId", [
      route("", "routes/api/milestones/milestone.ts"),
      route("status", "routes/api/milestones/milestone-status.ts"),
    ]),
    ...prefix("github", [
      route("validate-url", "routes/api/github/validate-url.ts"),
      ...prefix("projects/:projectId", [
        route("repository", "routes/api/github/repository.ts"),
        route("stats", "routes/api/github/stats.ts"),
        route("contributions", "routes/api/github/contributions.ts"),
        route("sync", "routes/api/github/sync.ts"),
        route("sync-status", "routes/api/github/sync-status.ts"),
      ]),
    ]),
    ...prefix("forum", [
      route("projects/:projectId/posts", "routes/api/forum/project-posts.ts"),
      route("posts", "routes/api/forum/posts.ts"),
      route("posts/:postId", "routes/api/forum/post.ts"),
      route("posts/:postId/like", "routes/api/forum/post-like.ts"),
      route("replies", "routes/api/forum/replies.ts"),
      route("replies/:replyId", "routes/api/forum/reply.ts"),
      route("replies/:replyId/like", "routes/api/forum/reply-like.ts"),
    ]),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
