export { projectsModule } from './module';
