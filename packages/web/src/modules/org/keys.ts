/** Query keys of the org module. */
export const orgKeys = {
  all: ['org'] as const,
  options: () => [...orgKeys.all, 'options'] as const,
  departmentOptions: () => [...orgKeys.all, 'department-options'] as const,
};
