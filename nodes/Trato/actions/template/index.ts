import { resourceOperations } from '../resourceOperations';
import * as getAll from './getAll.operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('template', 'getAll', [getAll]);
