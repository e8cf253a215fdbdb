/** Query keys of the identity administration screens. */
export const identityAdminKeys = {
  all: ['identity-admin'] as const,
  roleOptions: () => [...identityAdminKeys.all, 'role-options'] as const,
  orgOptions: () => [...identityAdminKeys.all, 'org-options'] as const,
  departmentOptions: () => [...identityAdminKeys.all, 'department-options'] as const,
  user: (api: string, id: number) => [...identityAdminKeys.all, 'user', api, id] as const,
};
