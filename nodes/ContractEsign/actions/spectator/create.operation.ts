import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

// STUB: to be implemented (spectator / create).
export const description: INodeProperties[] = [];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<never> {
	throw new NodeOperationError(this.getNode(), 'Not implemented yet: spectator create', { itemIndex });
}
