export * from './catalog.js';
export * from './profile.js';
export * from './ability.js';
export * from './navigation.js';
export * from './routes.js';
