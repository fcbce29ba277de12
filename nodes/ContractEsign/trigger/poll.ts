import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

// STUB: change detection is built in the trigger issue.
export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	return null;
}
