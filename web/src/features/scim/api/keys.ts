export const scimSettingsKey = ['scim-settings'] as const;
