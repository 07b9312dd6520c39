// Loaded into firebase-tools and every function runtime it starts (NODE_OPTIONS=--require, set by
// scripts/stack/stack.ts). firebase-tools always runs its own Tasks emulator beside the Functions emulator
// and points each runtime's CLOUD_TASKS_EMULATOR_HOST at it; this points it at ours instead, before the function
// code (and firebase-admin, which reads the variable) loads.
const host = process.env.SCHRANKWERK_TASKS_EMULATOR_HOST;
if (host) process.env.CLOUD_TASKS_EMULATOR_HOST = host;
