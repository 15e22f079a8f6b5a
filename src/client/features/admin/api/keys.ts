/** The admin feature's own reads (the content lists are shared with the landing page: lib/query-keys.ts). */
export const adminKeys = {
  moneyIssues: ["/api/admin/money-issues"] as const,
  auditLog: ["/api/admin/audit-log"] as const,
};
