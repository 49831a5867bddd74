/** Texts of the generated screens; a resource overrides any of them under `resources.<name>.<key>`. */
export const schemaMessages = {
  schema: {
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    search: 'Search',
    none: 'None',
    empty: 'Nothing here yet',
    create_title: 'Add',
    edit_title: 'Edit %{name}',
    created: 'Saved',
    updated: 'Saved',
    deleted: 'Deleted',
    save_failed: 'Could not save. Check the fields and try again.',
    // create_failed and update_failed: a resource's own words for each (the spec's "Failed to
    // create company" / "Failed to update company"); without them, save_failed
    load_failed: 'Could not load the list.',
    delete_failed: 'Could not delete.',
    confirm_delete_title: 'Delete %{name}?',
    confirm_delete: 'Delete %{name}? This cannot be undone.',
    validation: {
      // the server's wording of the same rules (class-validator's, with the field in words)
      // under the field itself, whose label names it
      required: 'Required',
      min_length: '%{field} must be longer than or equal to %{min} characters',
      max_length: '%{field} must be shorter than or equal to %{max} characters',
      minimum: '%{field} must not be less than %{min}',
      maximum: '%{field} must not be greater than %{max}',
      integer: '%{field} must be an integer number',
      email: '%{field} must be an email',
      email_list: '%{field} must be e-mail addresses',
      pattern: '%{field} is not in the expected format',
      time: '%{field} must be a time (HH:MM)',
      uri: '%{field} must be a web address starting with http:// or https://',
    },
  },
  enums: {
    true: 'Yes',
    false: 'No',
    is_active: { true: 'Active', false: 'Inactive' },
    active: 'Active',
    inactive: 'Inactive',
    on_leave: 'On Leave',
    suspended: 'Suspended',
    terminated: 'Terminated',
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
    paid: 'Paid',
  },
};
