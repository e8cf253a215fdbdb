export { appealsWebModule } from './routes';
