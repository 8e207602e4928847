import express from 'express';
import { id } from './helpers.js';

const app = express();

app.get('/', (req, res) => {
  res.send('ok');
});

app.listen(3000);
