export { orgWebModule } from './routes';
