/** Texts of the permission matrix's position and department list, merged into src/i18n/en.ts as `permission_subjects`. */
export const permissionSubjectsMessages = {
  search: 'Search',
  more: 'Showing the first %{shown} of %{total}: search to find the others',
};
