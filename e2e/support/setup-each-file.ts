import { failOnPageErrors } from './page-errors';

failOnPageErrors();
