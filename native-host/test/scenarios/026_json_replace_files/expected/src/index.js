import express from 'express';

const app = express();

app.get('/', (req, res) => {
  res.send('ok');
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port);
