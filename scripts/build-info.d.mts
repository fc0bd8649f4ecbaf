export function buildInfo(): { version: string; commit: string };
