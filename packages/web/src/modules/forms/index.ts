export { FormRenderer } from './renderer/FormRenderer';
export { formsWebModule } from './routes';
