#include "sim/cpp/bridge.h"
#include "sim/src/verilator.rs.h"
#include <dlfcn.h>
#include <stdexcept>
#include <string>

namespace hls_sim {

// Must match the table emitted by sim/src/verilator.rs (generated shim.cpp).
struct ShimApi {
    void *(*create)();
    void (*destroy)(void *);
    size_t (*port_count)();
    const char *(*port_name)(size_t);
    uint32_t (*port_width)(size_t);
    int (*port_is_output)(size_t);
    uint64_t (*get)(void *, size_t, size_t);
    void (*set)(void *, size_t, size_t, uint64_t);
    void (*eval)(void *);
    int (*trace_open)(void *, const char *);
    void (*trace_dump)(void *, uint64_t);
    void (*trace_close)(void *);
};

Model::Model(void *handle, const ShimApi *api, void *inst) : handle_(handle), api_(api), inst_(inst) {}
Model::~Model() {
    api_->destroy(inst_);
    // The library stays loaded: Verilator keeps process-wide state that must outlive models.
}
size_t Model::port_count() const { return api_->port_count(); }
rust::String Model::port_name(size_t i) const { return rust::String(api_->port_name(i)); }
uint32_t Model::port_width(size_t i) const { return api_->port_width(i); }
bool Model::port_is_output(size_t i) const { return api_->port_is_output(i) != 0; }
uint64_t Model::get(size_t i, size_t chunk) const { return api_->get(inst_, i, chunk); }
void Model::set(size_t i, size_t chunk, uint64_t v) { api_->set(inst_, i, chunk, v); }
void Model::eval() { api_->eval(inst_); }
bool Model::trace_open(rust::Str path) { return api_->trace_open(inst_, std::string(path).c_str()) != 0; }
void Model::trace_dump(uint64_t time) { api_->trace_dump(inst_, time); }
void Model::trace_close() { api_->trace_close(inst_); }

std::unique_ptr<Model> load_model(rust::Str path) {
    std::string p(path);
    void *h = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
    auto table = reinterpret_cast<const ShimApi *(*)()>(dlsym(h, "hls_shim_api"));
    if (!table) throw std::runtime_error("the model library has no hls_shim_api symbol");
    const ShimApi *api = table();
    return std::make_unique<Model>(h, api, api->create());
}

}  // namespace hls_sim
