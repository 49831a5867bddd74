/** English texts of the Departments screen beyond its resource's (resources/people.ts), merged into src/i18n/en.ts as `departments`. */
export const departmentsMessages = {
  title: 'Departments',
  subtitle: "Organize your company's departments",
};
