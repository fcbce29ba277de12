import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule } from './types';

/**
 * One resource's operations from one list: the Operation menu (its entries are the modules' `option`s, sorted by
 * name as n8n's lint wants), every module's fields after it, and the map the router dispatches through, keyed by
 * the stored `value`. Adding an operation to a resource is one entry in its list.
 */
export function resourceOperations(
	resource: string,
	defaultOperation: string,
	modules: OperationModule[],
): { operations: Record<string, OperationModule>; description: INodeProperties[] } {
	const options = modules
		.map((module) => module.option)
		.sort((a, b) => a.name.localeCompare(b.name, 'en'));
	const menu: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
	return {
		operations: Object.fromEntries(modules.map((module) => [String(module.option.value), module])),
		description: [menu, ...modules.flatMap((module) => module.description)],
	};
}
