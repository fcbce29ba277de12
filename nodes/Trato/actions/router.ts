import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { requirePositiveInteger } from '../helpers/validate';
import { RESOURCES } from './resources';
import type { OperationModule } from './types';

function isExecutionData(value: unknown): value is INodeExecutionData {
	return (
		value !== null &&
		typeof value === 'object' &&
		'json' in value &&
		typeof (value as INodeExecutionData).json === 'object'
	);
}

/** Normalises an operation's result into items paired with the input item. */
function toItems(
	result: IDataObject | IDataObject[] | INodeExecutionData[],
	itemIndex: number,
): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((entry) =>
		isExecutionData(entry)
			? { ...entry, pairedItem: { item: itemIndex } }
			: { json: entry as IDataObject, pairedItem: { item: itemIndex } },
	);
}

/** Makes sure an error names the item it came from. */
function withItemContext(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

function errorItem(error: Error, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	// a contract the operation made before it failed (Create From Template and Send): to finish or remove it
	const contractId = (error as NodeOperationError).context?.contractId;
	if (typeof contractId === 'string') json.contractId = contractId;
	const description = (error as NodeApiError).description;
	if (description) json.description = description;
	const httpCode = (error as NodeApiError).httpCode;
	if (httpCode) json.httpCode = httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

function findOperation(ctx: IExecuteFunctions): OperationModule {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operation = ctx.getNodeParameter('operation', 0) as string;
	const operations = RESOURCES[resource as keyof typeof RESOURCES]?.operations as
		| Record<string, OperationModule>
		| undefined;
	const module = operations?.[operation];
	if (!module) {
		throw new NodeOperationError(
			ctx.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
			{
				description: 'Open the node and choose the resource and operation again.',
			},
		);
	}
	return module;
}

/**
 * The one item loop: runs the chosen operation for every input item (with the bounded concurrency the user set,
 * default 1), keeps output order and pairedItem, and applies continueOnFail.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const operation = findOperation(this);
	const concurrency = items.length
		? requirePositiveInteger(
				this,
				0,
				this.getNodeParameter('options.concurrency', 0, 1),
				'Concurrency',
				16,
			)
		: 1;
	const continueOnFail = this.continueOnFail();

	const results: INodeExecutionData[][] = new Array(items.length);
	let failure: { index: number; error: Error } | undefined;
	let next = 0;

	const runOne = async (itemIndex: number) => {
		try {
			results[itemIndex] = toItems(await operation.execute.call(this, itemIndex), itemIndex);
		} catch (error) {
			const contextual = withItemContext(this, error, itemIndex);
			// a stopped execution is not an item's failure: Continue On Fail does not go on to the next items
			if (continueOnFail && !this.getExecutionCancelSignal?.()?.aborted) {
				results[itemIndex] = [errorItem(contextual, itemIndex)];
			} else if (!failure || itemIndex < failure.index) {
				failure = { index: itemIndex, error: contextual };
			}
		}
	};

	const worker = async () => {
		while (!failure && next < items.length) {
			await runOne(next++);
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));

	if (failure) throw failure.error;
	const output = results.flat();
	return [operation.finish ? await operation.finish.call(this, output) : output];
}
