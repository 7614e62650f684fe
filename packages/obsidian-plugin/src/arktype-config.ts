/**
 * ArkType's configuration for the plugin bundle and the headless CLI, imported before anything
 * that imports ArkType: by server-modules.ts (what main.js loads on layout-ready) and cli.ts. `jitless`: schemas are checked by walking them
 * instead of compiling each one to a function when it is created; at Obsidian's start that
 * compiling (every tool's schema, `new Function` for each) was most of main.js's evaluation, and
 * a third of the headless server's start to port, while a tool's arguments are a few fields,
 * checked in microseconds either way (ADR-0018).
 */
import { configure } from 'arktype/config';

configure({ jitless: true });
