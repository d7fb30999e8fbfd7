package dev.ibench.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on 127.0.0.1 for servers started by tests and benches (the Temporal dev server, fake endpoints). They
 * are drawn below Linux's ephemeral range (32768 and up): a port the kernel handed out and took back could be taken
 * again by any outgoing connection (a gRPC or HTTP client of the same run) before the server binds it, and the server
 * would then fail to start. No port is handed out twice by one JVM.
 */
public final class FreePorts {
    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    public static int next() {
        for (int tries = 0; tries < 500; tries++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST);
            if (HANDED_OUT.add(port) && bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port on 127.0.0.1 between " + LOWEST + " and " + HIGHEST + " after 500 tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
