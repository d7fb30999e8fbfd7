package dev.ibench.activities.llm.admission;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** TEST DOUBLE: send slots that record what a pacer asks and never make it wait. */
final class RecordingSendSlots implements SendSlots {
    final List<SlotRequest> reserved = new CopyOnWriteArrayList<>();
    final List<Long> holdOffs = new CopyOnWriteArrayList<>();

    @Override
    public long reserve(String endpoint, SlotRequest request) {
        reserved.add(request);
        return 0;
    }

    @Override
    public void holdOff(String endpoint, long micros) {
        holdOffs.add(micros);
    }
}
