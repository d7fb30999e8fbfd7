package dev.ibench.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on 127.0.0.1 for the dev servers the benches start, drawn below Linux's ephemeral range (32768 and
 * up): a port the kernel handed out and took back could be taken by an outgoing connection of the bench before the
 * dev server binds it, and the server would exit at start (as the tests' {@code FreePorts} found). No port is handed
 * out twice by one JVM.
 */
final class LoopbackPorts {
    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private LoopbackPorts() {}

    static int next() throws IOException {
        for (int tries = 0; tries < 500; tries++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST);
            if (HANDED_OUT.add(port) && bindable(port)) {
                return port;
            }
        }
        throw new IOException("no free port on 127.0.0.1 between " + LOWEST + " and " + HIGHEST + " after 500 tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
