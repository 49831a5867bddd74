import { taskTemplates } from '../../resources/monitoring';
import { SchemaResource } from '../../schema/SchemaResource';

/** The task templates of the company: a generated screen of their collection. */
export const TemplatesTab = () => <SchemaResource config={taskTemplates} />;
