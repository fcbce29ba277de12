import type { ILoadOptionsFunctions } from 'n8n-workflow';

/** The value of a field of the node being edited (a resource locator's ID, whatever its mode), trimmed. */
export function currentId(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true });
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
