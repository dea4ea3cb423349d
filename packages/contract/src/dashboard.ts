import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { TaskPrioritySchema, TaskStatusSchema } from './work-enums';

/**
 * GET /api/dashboard/stats: counts for the caller's workspace (spec 001 §3 "Dashboard stats per user").
 * totalDocuments counts the workspace's documents table once it exists (0 before).
 */
export const DashboardStatsSchema = z.object({
  activeJobs: z.number().int(),
  total_jobs: z.number().int(),
  totalDocuments: z.number().int(),
  pendingTasks: z.number().int(),
  total_tasks: z.number().int(),
  tasks_completed: z.number().int(),
  tasks_in_progress: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/**
 * GET /api/dashboard/tasks: the 20 newest tasks assigned to the caller. title = the job's title, else its client
 * name after the clean-up rule, else the description; groups = { name } of the task's group (null until groups exist).
 */
export const DashboardTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  assigned_to: z.string().nullable(),
  due_date: z.string().nullable(),
  job_id: z.uuid().nullable(),
  group_id: z.uuid().nullable(),
  groups: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
});
export type DashboardTask = z.infer<typeof DashboardTaskSchema>;
export const DashboardTaskListSchema = z.object({ tasks: z.array(DashboardTaskSchema) });
export type DashboardTaskList = z.infer<typeof DashboardTaskListSchema>;

/** Home list items (spec 001 §2 Home dashboard: 10 each). A task: the dashboard's, without its group, always in a job. */
export const HomeTaskSchema = DashboardTaskSchema.omit({ group_id: true, groups: true }).extend({ job_id: z.uuid() });
export const HomeDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  document_type: z.string().nullable(),
  status: z.string(),
  file_size: z.number().nullable(),
  job_id: z.uuid().nullable(),
  created_at: z.string(),
});
export const HomeJobSchema = z.object({
  id: z.uuid(),
  client_name: z.string().nullable(),
  property_address: z.string().nullable(),
  title: z.string().nullable(),
  status: z.string(),
  due_date: z.string().nullable(),
  created_at: z.string(),
});
export type HomeTask = z.infer<typeof HomeTaskSchema>;
export type HomeDocument = z.infer<typeof HomeDocumentSchema>;
export type HomeJob = z.infer<typeof HomeJobSchema>;

/**
 * GET /api-fast/optimized/homepage-data: one SQL statement. recentTasks: 10 newest; recentDocuments: 10 newest
 * (uploads in flight left out); activeJobs: 10 not completed, by due date ascending (undated last) — the same rows as the Standard mode.
 */
export const HomepageDataSchema = z.object({
  recentTasks: z.array(HomeTaskSchema),
  recentDocuments: z.array(HomeDocumentSchema),
  activeJobs: z.array(HomeJobSchema),
});
export type HomepageData = z.infer<typeof HomepageDataSchema>;

/**
 * The Standard home mode uses the ordinary list endpoints, one request per card (taskEndpoints.list and
 * jobEndpoints.list with these queries; documents join when they exist). The server's measurement runs the same.
 */
export const STANDARD_HOME_QUERIES = {
  tasks: { limit: 10 },
  jobs: { exclude_status: 'completed', sort: 'due_date', limit: 10 },
  documents: { limit: 10 },
} as const;

export const PathTimingSchema = z.object({
  /** Mean wall time of one run of the path, measured on the server. */
  time_seconds: z.number(),
  /** Database round trips one run of the path makes. */
  requests: z.number().int(),
});
export type PathTiming = z.infer<typeof PathTimingSchema>;

/**
 * GET /api-fast/optimized/performance-stats: measured for the caller's workspace (`runs` runs of each path) at
 * `measured_at` — answers are shared by the workspace for PERFORMANCE_STATS_CACHE_SECONDS, and each user may ask
 * PERFORMANCE_STATS_PER_MINUTE times a minute (then 429 with Retry-After).
 */
export const PERFORMANCE_STATS_CACHE_SECONDS = 30;
export const PERFORMANCE_STATS_PER_MINUTE = 6;

export const PerformanceStatsSchema = z.object({
  optimized: PathTimingSchema,
  original: PathTimingSchema,
  improvement_percent: z.number(),
  runs: z.number().int(),
  measured_at: z.string(),
});
export type PerformanceStats = z.infer<typeof PerformanceStatsSchema>;

const dashboardTags = ['dashboard'];

export const dashboardEndpoints = {
  stats: defineEndpoint({ method: 'GET', path: '/api/dashboard/stats', access: 'workspace', summary: "Counts for the caller's workspace", tags: dashboardTags, response: DashboardStatsSchema }),
  tasks: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard/tasks',
    access: 'workspace',
    summary: 'The 20 newest tasks assigned to the caller (their profile phone)',
    tags: dashboardTags,
    response: DashboardTaskListSchema,
  }),
  homepageData: defineEndpoint({
    method: 'GET',
    path: '/api-fast/optimized/homepage-data',
    access: 'workspace',
    summary: 'Home lists in one database round trip',
    tags: dashboardTags,
    response: HomepageDataSchema,
  }),
  performanceStats: defineEndpoint({
    method: 'GET',
    path: '/api-fast/optimized/performance-stats',
    access: 'workspace',
    summary: 'Measured timings of the optimized vs the standard home path (cached per workspace, limited per user)',
    tags: dashboardTags,
    response: PerformanceStatsSchema,
  }),
};
