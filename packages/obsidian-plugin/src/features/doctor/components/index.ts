/** The doctor's Obsidian side (imports 'obsidian'; main.ts only): the palette command. */
export { addDoctorCommand } from './doctor-command.ts';
