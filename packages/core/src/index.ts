export * from './format';
export * from './i18n';
export * from './limits';
export * from './messages';
export * from './roles';
export * from './schemas/auth';
export * from './schemas/communities';
