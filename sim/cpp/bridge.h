// The fixed C++ side of the Verilator bridge. A kernel's Verilated model is built at run
// time into a shared library exporting a small C table of its ports; this class loads it
// and gives Rust (through cxx) typed access to the ports, eval and tracing.
#pragma once
#include "rust/cxx.h"
#include <cstdint>
#include <memory>

namespace hls_sim {

struct ShimApi;

class Model {
public:
    Model(void *handle, const ShimApi *api, void *inst);
    ~Model();
    size_t port_count() const;
    rust::String port_name(size_t i) const;
    uint32_t port_width(size_t i) const;
    bool port_is_output(size_t i) const;
    // Ports wider than 64 bits are read and written 64 bits at a time (chunk 0 = bits 63:0).
    uint64_t get(size_t i, size_t chunk) const;
    void set(size_t i, size_t chunk, uint64_t v);
    void eval();
    bool trace_open(rust::Str path);
    void trace_dump(uint64_t time);
    void trace_close();

private:
    void *handle_;
    const ShimApi *api_;
    void *inst_;
};

std::unique_ptr<Model> load_model(rust::Str path);

}  // namespace hls_sim
