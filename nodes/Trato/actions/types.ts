import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

/** What one operation file exports. The router owns the item loop, pairing and error handling. */
export interface OperationModule {
	/** The entry in its resource's Operation menu (name, stored value, description, action). */
	option: INodePropertyOptions;
	description: INodeProperties[];
	/** Runs the operation for one input item; returns its output items (JSON objects or full items). */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<IDataObject | IDataObject[] | INodeExecutionData[]>;
	/**
	 * Runs once after every item, with the node's output (paired, error items included), and returns the output
	 * the node gives: only Wait for Signatures has it (it decides there whether the execution waits).
	 */
	finish?(this: IExecuteFunctions, output: INodeExecutionData[]): Promise<INodeExecutionData[]>;
}
