import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

// STUB: the variables resource mapper is built with the variable resource.
export async function getVariableColumns(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return { fields: [] };
}
