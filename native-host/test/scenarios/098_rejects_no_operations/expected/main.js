import { start } from './server.js';

start();
