import fp from 'fastify-plugin';

/**
 * Once closing, answers still in flight carry `Connection: close`, so their keep-alive sockets end with
 * them and app.close() does not wait out the keep-alive timeout.
 */
export default fp(
  async function gracefulClose(fastify) {
    let closing = false;
    fastify.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'graceful-close' },
);
