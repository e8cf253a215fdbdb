export { formsWebModule } from './routes';
